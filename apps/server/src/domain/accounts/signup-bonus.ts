/** SPEC §9: 10 base points plus 10 for each of zip code, gender, marital status, children, occupation, income. */
export function signupBonusFor(profile: {
  zipCode: string | null;
  gender: string | null;
  maritalStatus: string | null;
  hasChildren: boolean | null;
  occupation: string | null;
  annualIncome: string | null;
}): number {
  const filled = [
    profile.zipCode,
    profile.gender,
    profile.maritalStatus,
    profile.hasChildren,
    profile.occupation,
    profile.annualIncome,
  ].filter((value) => value !== null && value !== '').length;
  return 10 + 10 * filled;
}
