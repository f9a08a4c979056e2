// '$1.99' and '$0.99', for copy that names the fees (written once, from the constants). A module of its own so
// that the footer on every page does not bring the whole pricing module into the first-visit JavaScript.
import { DETAIL_ACCESS_FEE, SERVICE_FEE } from './constants';
import { formatUsd } from './format';

export const SERVICE_FEE_TEXT = formatUsd(SERVICE_FEE);
export const ACCESS_FEE_TEXT = formatUsd(DETAIL_ACCESS_FEE);
