// The wallet's rows of the REST table (rest/routes.ts): with ?token= (the manage link) or the owner's session.
import type { RestRoute } from '../../rest/adapter';

const ref = ({ params, query }: { params: Record<string, string>; query: Record<string, string> }) => ({
  confirmationNumber: params.confirmationNumber,
  token: query.token || undefined,
});

export const walletRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/bookings/:confirmationNumber/wallet/apple',
    procedure: 'wallet.apple',
    input: ref,
    file: (data: { filename: string; contentType: string; base64: string; lastModified: Date }) => ({
      filename: data.filename,
      contentType: data.contentType,
      body: Buffer.from(data.base64, 'base64'),
      lastModified: data.lastModified,
    }),
  },
  { method: 'GET', path: '/api/bookings/:confirmationNumber/wallet/google', procedure: 'wallet.google', input: ref },
];
