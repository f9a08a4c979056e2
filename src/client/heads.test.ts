// Every route has a head, and the heads hold what crawlers need.
import { describe, expect, it } from 'vitest';
import type { TPublicConfig } from '@/server/env';
import { HEADS, routeHead } from './heads';
import { notFoundRoute, routes } from './routes';

const config = {
  brandName: 'ParkPilot',
  appUrl: 'https://parkpilot.example',
  supportPhone: '1-800-555-0199',
  supportEmail: 'help@parkpilot.example',
  stripePublishableKey: null,
  googleEnabled: false,
} as TPublicConfig;

describe('route heads', () => {
  it('exist for every route and no other path', () => {
    const paths = [notFoundRoute, ...routes].map((r) => r.path);
    expect(Object.keys(HEADS).sort()).toEqual([...paths].sort());
    for (const path of paths) expect(routeHead(path, { params: {}, data: null, config }).title).toMatch(/ParkPilot/);
  });

  it('answer 404 for a page whose data was not found', () => {
    for (const path of ['*', '/locations/:slug', '/:slug', '/provider/:slug', '/blog/:slug', '/blog/category/:slug']) {
      expect(routeHead(path, { params: {}, data: null, config }).status).toBe(404);
    }
  });
});
