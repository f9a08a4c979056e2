// The Lucide icons only the lot page shows besides those in lot-icons.ts, defined the same way: imported from
// `lucide-react` one by one, each was a file of its own on the page's first visit; here they are part of the page's.
import { circle, icon, path } from './lot-icons';

export const Car = icon('car', [
  path(
    'M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2',
  ),
  circle('7', '17', '2'),
  path('M9 17h6'),
  circle('17', '17', '2'),
]);
export const CheckCircle2 = icon('circle-check', [circle('12', '12', '10'), path('m16 9-5.5 5.5L8 12')]);
export const Clock = icon('clock', [circle('12', '12', '10'), path('M12 6v6l4 2')]);
export const Phone = icon('phone', [
  path(
    'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384',
  ),
]);
