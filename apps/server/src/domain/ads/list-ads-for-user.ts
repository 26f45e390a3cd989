import type { AdListItem } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { sessionLife } from '../session-life.ts';

/**
 * The home ad list (SPEC §2, §4): approved, active ads that target the viewer, by reward then
 * newest, with this person's own state (opened, answered). Ads this person already opened stay
 * listed even after the ad stops, so an answer in progress is never lost.
 *
 * What every member of a targeting segment sees alike (the segment's ads) is kept in the process
 * per segment and catalogue version (a trigger moves the version on every change to the ads, so
 * every instance sees it); what is this person's (what they opened and answered) is read exactly on
 * every request. A request whose segment is cached is one round trip (qp_list_ads_for_member).
 */
const LIST_LIMIT = 200;
/** A segment's list is read again after this long even if nothing moved the version. */
const SEGMENT_TTL_MS = 60_000;

const memberPart: HotStatement = {
  name: 'list-ads-for-member',
  text: `select viewer_gender, viewer_age_band, catalogue_version, ad_id, clicked_at, answered,
                ad_provider, ad_title, ad_url, user_reward, created_at
         from qp_list_ads_for_member($1, $2::timestamptz, $3, $4)`,
};
const segmentPart: HotStatement = {
  name: 'segment-ads',
  text: `select catalogue_version, id, ad_provider, ad_title, ad_url, user_reward, created_at
         from qp_segment_ads($1, $2, $3)`,
};

interface ListedAd {
  id: string;
  userReward: number;
  createdAt: number;
  /** The ad's AdListItem as JSON up to the person's own fields: `{"id":…,"userReward":20` */
  json: string;
}
interface Segment {
  version: number;
  readAt: number;
  ads: ListedAd[];
  /** The whole answer for a person who opened none of the segment's ads, made once. */
  noneOpenedJson: string;
}
interface MemberRow {
  viewer_gender: string | null;
  viewer_age_band: string | null;
  catalogue_version: string | number;
  ad_id: string | null;
  clicked_at: Date | null;
  answered: boolean | null;
  ad_provider: string | null;
  ad_title: string | null;
  ad_url: string | null;
  user_reward: number | null;
  created_at: Date | null;
}
interface SegmentRow {
  catalogue_version: string | number;
  id: string | null;
  ad_provider: string;
  ad_title: string;
  ad_url: string;
  user_reward: number;
  created_at: Date;
}

/** Each database's segment lists (tests open many databases in one process). */
const segmentsByDatabase = new WeakMap<Database, Map<string, Segment>>();

async function segmentAds(db: Database, gender: string | null, ageBand: string | null, version: number) {
  const segments = segmentsByDatabase.get(db) ?? new Map<string, Segment>();
  segmentsByDatabase.set(db, segments);
  const key = `${gender}/${ageBand}`;
  const cached = segments.get(key);
  if (cached && cached.version === version && Date.now() - cached.readAt < SEGMENT_TTL_MS) return cached;
  const rows = await runHot<SegmentRow>(db, segmentPart, [gender, ageBand, LIST_LIMIT]);
  const ads = rows.flatMap((row) => (row.id ? [toListedAd(row, row.id)] : []));
  const segment: Segment = {
    version: Number(rows[0]?.catalogue_version),
    readAt: Date.now(),
    ads,
    noneOpenedJson: listJson(ads.map((ad) => ad.json + NOT_OPENED)),
  };
  if (!cached || segment.version >= cached.version) segments.set(key, segment);
  return segment;
}

function toListedAd(
  row: Pick<SegmentRow, 'ad_provider' | 'ad_title' | 'ad_url' | 'user_reward' | 'created_at'>,
  id: string,
): ListedAd {
  const item: Omit<AdListItem, 'clickedAt' | 'answered'> = {
    id,
    adProvider: row.ad_provider,
    adTitle: row.ad_title,
    adUrl: row.ad_url,
    userReward: row.user_reward,
  };
  return {
    id,
    userReward: row.user_reward,
    createdAt: new Date(row.created_at).getTime(),
    json: JSON.stringify(item).slice(0, -1),
  };
}

const NOT_OPENED = ',"clickedAt":null,"answered":false}';
const listJson = (items: string[]) => `{"ads":[${items.join(',')}]}`;

/** The home ad list as the API answers it: `{ "ads": AdListItem[] }` as JSON text. */
export async function adListJson({
  db,
  sessionToken,
  now = new Date(),
}: {
  db: Database;
  /** The session of the person looking (its cookie signature checked). */
  sessionToken: string;
  now?: Date;
}): Promise<string> {
  // The person's part and the segment's must be of one catalogue version; when the ads changed
  // between the two reads, read again (a change lands at most a few times a second).
  for (let attempt = 0; ; attempt++) {
    const rows = await runHot<MemberRow>(db, memberPart, [sessionToken, now.toISOString(), ...sessionLife]);
    const head = rows[0]!;
    const version = Number(head.catalogue_version);
    const segment = await segmentAds(db, head.viewer_gender, head.viewer_age_band, version);
    if (segment.version !== version && attempt < 3) continue;
    return mergeAds(segment, rows);
  }
}

/** The same list as objects. */
export async function listAdsForUser(options: Parameters<typeof adListJson>[0]): Promise<AdListItem[]> {
  return (JSON.parse(await adListJson(options)) as { ads: AdListItem[] }).ads;
}

/** The segment's ads and the ones this person opened elsewhere, each with the person's state. */
function mergeAds(segment: Segment, rows: MemberRow[]): string {
  const opened = new Map<string, MemberRow>();
  let listed = segment.ads;
  for (const row of rows) {
    if (!row.ad_id) continue;
    opened.set(row.ad_id, row);
    // Details come only with an opened ad the segment's list does not hold.
    if (row.ad_title !== null) {
      if (listed === segment.ads) listed = [...segment.ads];
      listed.push(toListedAd(row as Parameters<typeof toListedAd>[0], row.ad_id));
    }
  }
  if (opened.size === 0) return segment.noneOpenedJson;
  if (listed !== segment.ads) {
    listed.sort((a, b) => b.userReward - a.userReward || b.createdAt - a.createdAt);
  }
  return listJson(
    listed.slice(0, LIST_LIMIT).map((ad) => {
      const own = opened.get(ad.id);
      if (!own?.clicked_at) return ad.json + NOT_OPENED;
      const clickedAt = new Date(own.clicked_at).toISOString();
      return `${ad.json},"clickedAt":"${clickedAt}","answered":${own.answered === true}}`;
    }),
  );
}
