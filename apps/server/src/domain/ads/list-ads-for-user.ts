import { AD_LIST_PAGE_SIZE, type AdListItem, type AdListPage } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import type { StoredAdImage } from '../../db/schema.ts';
import { adImageView } from '../ad-images/ad-image-view.ts';
import { sessionLife } from '../session-life.ts';

/**
 * The home ad list (SPEC §2, §4): the approved, delivering ads that target the viewer and that this
 * person has not answered, by reward then newest, a page at a time, with the person's own click.
 * An ad the person opened stays listed while it still takes their answer (even once it stopped at
 * its cap), so an answer in progress is never lost. Answered ads are skipped in the database, never
 * counted against a page, so a person with hundreds of answers still sees a new ad with a small
 * reward; they are a list of their own (list-answered-ads.ts).
 *
 * The database picks the page (what this person answered is only there); what every member of a
 * targeting segment sees alike, each ad's JSON, is kept in the process per segment and catalogue
 * version (a trigger moves the version on every change to the ads, so every instance sees it). A
 * request whose segment is cached is one round trip (qp_list_ads_for_member). An ad's image (issue
 * 28) is read beside its details, in the same statement.
 */

/** A segment's ads are read again after this long even if nothing moved the version. */
const SEGMENT_TTL_MS = 60_000;

const memberPart: HotStatement = {
  name: 'list-ads-for-member',
  text: `select viewer_gender, viewer_age_band, catalogue_version, ad_id, clicked_at,
                ad_provider, ad_title, ad_url, user_reward, created_at,
                case when ad_title is not null then (select image from ads where ads.id = m.ad_id) end as image
         from qp_list_ads_for_member($1, $2::timestamptz, $3, $4, $5::uuid, $6) m`,
};
const segmentPart: HotStatement = {
  name: 'segment-ads',
  text: `select catalogue_version, id, ad_provider, ad_title, ad_url, user_reward, created_at,
                (select image from ads where ads.id = s.id) as image
         from qp_segment_ads($1, $2, $3) s`,
};

interface Segment {
  version: number;
  readAt: number;
  /** Each ad's AdListItem as JSON up to the person's own fields (`{"id":…,"userReward":20`), by id. */
  ads: Map<string, string>;
}
interface MemberRow {
  viewer_gender: string | null;
  viewer_age_band: string | null;
  catalogue_version: string | number;
  ad_id: string | null;
  clicked_at: Date | null;
  /** The details below come only with an ad the segment's list does not hold. */
  ad_provider: string | null;
  ad_title: string | null;
  ad_url: string | null;
  user_reward: number | null;
  created_at: Date | null;
  image: StoredAdImage | null;
}
interface AdDetails {
  ad_provider: string;
  ad_title: string;
  ad_url: string;
  user_reward: number;
  image: StoredAdImage | null;
}
interface SegmentRow extends AdDetails {
  catalogue_version: string | number;
  id: string | null;
}

/** Each database's segment lists (tests open many databases in one process). */
const segmentsByDatabase = new WeakMap<Database, Map<string, Segment>>();

async function segmentAds(db: Database, gender: string | null, ageBand: string | null, version: number) {
  const segments = segmentsByDatabase.get(db) ?? new Map<string, Segment>();
  segmentsByDatabase.set(db, segments);
  const key = `${gender}/${ageBand}`;
  const cached = segments.get(key);
  if (cached && cached.version === version && Date.now() - cached.readAt < SEGMENT_TTL_MS) return cached;
  // The whole segment (no limit): any of its ads may fall on some person's page.
  const rows = await runHot<SegmentRow>(db, segmentPart, [gender, ageBand, null]);
  const segment: Segment = {
    version: Number(rows[0]?.catalogue_version),
    readAt: Date.now(),
    ads: new Map(rows.flatMap((row) => (row.id ? [[row.id, adJson(row.id, row)] as const] : []))),
  };
  if (!cached || segment.version >= cached.version) segments.set(key, segment);
  return segment;
}

/** An ad's AdListItem as JSON, open at the end for the person's own fields. */
function adJson(id: string, row: AdDetails): string {
  const item: Omit<AdListItem, 'clickedAt' | 'answered'> = {
    id,
    adProvider: row.ad_provider,
    adTitle: row.ad_title,
    adUrl: row.ad_url,
    userReward: row.user_reward,
    image: adImageView(row.image),
  };
  return JSON.stringify(item).slice(0, -1);
}

/** The first page, or the page after the ad `cursor` names, as the API answers it (AdListPage as JSON text). */
export async function adListJson({
  db,
  sessionToken,
  cursor,
  now = new Date(),
  pageSize = AD_LIST_PAGE_SIZE,
}: {
  db: Database;
  /** The session of the person looking (its cookie signature checked). */
  sessionToken: string;
  /** The previous page's last ad. */
  cursor?: string;
  now?: Date;
  pageSize?: number;
}): Promise<string> {
  const values = [sessionToken, now.toISOString(), ...sessionLife, cursor ?? null, pageSize];
  // The person's page and the segment's ads must be of one catalogue version; when the ads changed
  // between the two reads, read again (a change lands at most a few times a second).
  for (let attempt = 0; ; attempt++) {
    const [head, ...page] = await runHot<MemberRow>(db, memberPart, values);
    const version = Number(head!.catalogue_version);
    const segment = await segmentAds(db, head!.viewer_gender, head!.viewer_age_band, version);
    // The page is read after its version (another statement, another snapshot): an ad that joined
    // the segment in between is on the page but not in that version's list, so read both again.
    const unknown = page.some((row) => row.ad_title === null && !segment.ads.has(row.ad_id!));
    if ((segment.version !== version || unknown) && attempt < 3) continue;
    return pageJson(segment, page, pageSize);
  }
}

/** The same page as objects. */
export async function listAdsForUser(options: Parameters<typeof adListJson>[0]): Promise<AdListPage> {
  return JSON.parse(await adListJson(options)) as AdListPage;
}

/** The page's ads, each with the person's own click; one row past the page says another follows. */
function pageJson(segment: Segment, rows: MemberRow[], pageSize: number): string {
  const page = rows.slice(0, pageSize);
  const items = page.flatMap((row) => {
    // Only when the ads kept changing through every read can a segment ad be missing from the
    // segment's list: it is left out of this answer and shows on the next.
    const id = row.ad_id!;
    const ad = row.ad_title === null ? segment.ads.get(id) : adJson(id, row as AdDetails);
    if (ad === undefined) return [];
    const clickedAt = row.clicked_at ? `"${new Date(row.clicked_at).toISOString()}"` : 'null';
    return [`${ad},"clickedAt":${clickedAt},"answered":false}`];
  });
  const nextCursor = rows.length > pageSize ? JSON.stringify(page.at(-1)!.ad_id) : 'null';
  return `{"ads":[${items.join(',')}],"nextCursor":${nextCursor}}`;
}
