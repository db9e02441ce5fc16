import { z } from 'zod';

// The web app runs under a CSP without 'unsafe-eval': zod's JIT would probe `new Function` when the first
// object schema is built and trip the policy. This module is imported first by the package index, so it
// runs before any schema exists. Servers keep the (faster) JIT.
if ('document' in globalThis) z.config({ jitless: true });
