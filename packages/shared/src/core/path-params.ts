import { z } from 'zod';
import { settingKeys } from '../admin/admin-console.ts';

/**
 * What each `:param` of a declared path may hold, by its name: one meaning per name, whichever path it
 * stands in. A value that does not parse answers 404 (as if nothing had that id).
 */
export const pathParams = {
  adId: z.uuid(),
  requestId: z.uuid(),
  noticeId: z.uuid(),
  invoiceId: z.uuid(),
  /** A gift code in the inventory (a bigserial). */
  codeId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .transform(Number),
  /** Any text: an id nobody has is answered like a missing person (the lookup says so). */
  userId: z.string(),
  /** yyyymmdd; the quiz lookup answers a malformed one like a missing quiz. */
  publishDate: z.string(),
  key: z.enum(settingKeys),
  /** A malformed code is a 400 and an unknown one a 404; the route tells them apart. */
  zipCode: z.string(),
};
export type PathParamName = keyof typeof pathParams;

/** The names of a path's `:params`, as a union ('/a/:adId/b/:key' → 'adId' | 'key'). */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsShape<P extends string> = {
  [K in ParamNames<P>]: K extends PathParamName ? (typeof pathParams)[K] : never;
};
/** The zod schema of a path's params, or undefined for a path without any. */
export type ParamsSchemaOf<P extends string> = [ParamNames<P>] extends [never]
  ? undefined
  : z.ZodObject<ParamsShape<P>>;

export function paramsSchemaOf<P extends string>(path: P): ParamsSchemaOf<P> {
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);
  if (names.length === 0) return undefined as ParamsSchemaOf<P>;
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    if (!(name in pathParams)) throw new Error(`${path}: :${name} has no entry in pathParams`);
    shape[name] = pathParams[name as PathParamName];
  }
  return z.object(shape) as unknown as ParamsSchemaOf<P>;
}
