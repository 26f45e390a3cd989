export const accountKeys = {
  zipCode: (zipCode: string) => ['accounts', 'zip-code', zipCode] as const,
};
