import type { AdListItem } from '@quiz-points/shared';
import type { Database } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statement.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../../services/identity/auth.ts';

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
  adProvider: string;
  adTitle: string;
  adUrl: string;
  userReward: number;
  createdAt: number;
}
interface Segment {
  version: number;
  readAt: number;
  ads: ListedAd[];
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
  const segment: Segment = {
    version: Number(rows[0]?.catalogue_version),
    readAt: Date.now(),
    ads: rows.flatMap((row) => (row.id ? [toListedAd(row, row.id)] : [])),
  };
  if (!cached || segment.version >= cached.version) segments.set(key, segment);
  return segment;
}

function toListedAd(row: SegmentRow, id: string): ListedAd {
  return {
    id,
    adProvider: row.ad_provider,
    adTitle: row.ad_title,
    adUrl: row.ad_url,
    userReward: row.user_reward,
    createdAt: new Date(row.created_at).getTime(),
  };
}

export async function listAdsForUser({
  db,
  sessionToken,
  now = new Date(),
}: {
  db: Database;
  /** The session of the person looking (its cookie signature checked). */
  sessionToken: string;
  now?: Date;
}): Promise<AdListItem[]> {
  // The person's part and the segment's must be of one catalogue version; when the ads changed
  // between the two reads, read again (a change lands at most a few times a second).
  for (let attempt = 0; ; attempt++) {
    const rows = await runHot<MemberRow>(db, memberPart, [
      sessionToken,
      now.toISOString(),
      SESSION_EXPIRES_IN_SECONDS,
      SESSION_UPDATE_AGE_SECONDS,
    ]);
    const head = rows[0]!;
    const version = Number(head.catalogue_version);
    const segment = await segmentAds(db, head.viewer_gender, head.viewer_age_band, version);
    if (segment.version !== version && attempt < 3) continue;
    return mergeAds(segment.ads, rows);
  }
}

/** The segment's ads and the ones this person opened elsewhere, each with the person's state. */
function mergeAds(segmentAds: ListedAd[], rows: MemberRow[]): AdListItem[] {
  const opened = new Map<string, MemberRow>();
  const listed = [...segmentAds];
  for (const row of rows) {
    if (!row.ad_id) continue;
    opened.set(row.ad_id, row);
    // Details come only with an opened ad the segment's list does not hold.
    if (row.ad_title !== null) {
      listed.push({
        id: row.ad_id,
        adProvider: row.ad_provider!,
        adTitle: row.ad_title,
        adUrl: row.ad_url!,
        userReward: row.user_reward!,
        createdAt: new Date(row.created_at!).getTime(),
      });
    }
  }
  listed.sort((a, b) => b.userReward - a.userReward || b.createdAt - a.createdAt);
  return listed.slice(0, LIST_LIMIT).map((ad) => {
    const own = opened.get(ad.id);
    return {
      id: ad.id,
      adProvider: ad.adProvider,
      adTitle: ad.adTitle,
      adUrl: ad.adUrl,
      userReward: ad.userReward,
      clickedAt: own?.clicked_at ? new Date(own.clicked_at).toISOString() : null,
      answered: own?.answered === true,
    };
  });
}
