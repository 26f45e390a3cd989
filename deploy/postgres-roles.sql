-- The production database and its two roles (docs/deploy.md, docs/decisions/023-deploy.md).
--
--   owner (quiz_points_owner): owns the database and every table; used only by
--          `node apps/server/dist/migrate.js` (first install and each upgrade) and by restores.
--   app   (quiz_points_app):   what the servers connect as: SELECT, INSERT, UPDATE, DELETE on the
--          tables the owner creates, nothing else (no CREATE, DROP, ALTER or TRUNCATE).
--
-- Run once, with psql, as a superuser (or a role with CREATEROLE and CREATEDB):
--
--   psql "postgres://postgres@db.example:5432/postgres" \
--     -v owner_password="$OWNER_PASSWORD" -v app_password="$APP_PASSWORD" \
--     -f deploy/postgres-roles.sql
--
-- Other names: -v database=… -v owner=… -v app=… (the defaults are below). Without a password
-- variable a new role gets none (peer or certificate authentication). Existing roles are kept, so
-- the file also makes a second, empty database for the same roles (a restore): -v database=….
-- The database itself must not exist yet.
-- apps/server/src/reliability/production-start.reliability.ts runs this file as it is.

\set ON_ERROR_STOP on
\if :{?database}
\else
  \set database quiz_points
\endif
\if :{?owner}
\else
  \set owner quiz_points_owner
\endif
\if :{?app}
\else
  \set app quiz_points_app
\endif

-- The roles, unless they exist (a second database for a restore reuses them).
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE', name)
  FROM unnest(ARRAY[:'owner', :'app']) AS name
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = name) \gexec
\if :{?owner_password}
  ALTER ROLE :"owner" PASSWORD :'owner_password';
\endif
\if :{?app_password}
  ALTER ROLE :"app" PASSWORD :'app_password';
\endif

CREATE DATABASE :"database" OWNER :"owner" ENCODING 'UTF8' TEMPLATE template0;
-- Only these two roles may connect (PUBLIC may by default).
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"app";

\connect :"database"
-- The owner owns the public schema and is the only one who may create in it (PostgreSQL 14 and
-- older let every role create there).
ALTER SCHEMA public OWNER TO :"owner";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";

-- Whatever the owner creates later (the migrations' tables, drizzle's record of them, the job
-- queue's schema `pgboss` and its tables) is usable, not alterable, by the app role.
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" GRANT USAGE ON SCHEMAS TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" GRANT USAGE, SELECT ON SEQUENCES TO :"app";
