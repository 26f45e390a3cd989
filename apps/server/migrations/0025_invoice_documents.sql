-- Each invoice's PDF as last made, kept with a digest of what it shows, so a download sends it as
-- stored until the invoice changes (docs/decisions/043-stored-invoice-pdfs.md). A PDF is compressed
-- already: stored out of line without a second compression.
CREATE TABLE "invoice_documents" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"made_from" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ALTER COLUMN "pdf" SET STORAGE EXTERNAL;
