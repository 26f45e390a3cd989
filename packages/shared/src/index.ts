export * from './age.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './identity-schemas.ts';
export * from './japan-time.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './schemas.ts';
