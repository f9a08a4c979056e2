// The one zod every shared schema uses. In the browser it runs without its JIT: zod's fast path compiles
// parsers with `new Function`, which our Content-Security-Policy (script-src 'self') forbids, and even zod's
// probe for it is reported as a violation. The server keeps the JIT.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
