import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sampleAdsDir } from '../../paths.ts';

/** The seeded advertisers' pages, served by the app itself so the demo works offline. */
export async function registerSampleAds(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: sampleAdsDir,
    prefix: '/sample-ads/',
    decorateReply: false,
    extensions: ['html'],
  });
}
