import { z } from 'zod';
import { messages } from './messages.ts';

// Any issue without a message of its own (extra keys, wrong types deep inside) still reads as
// clear Japanese, never as the validator's English. Every schema module imports this file; it is
// the package's one side effect (package.json "sideEffects"), so pages that use no schema (the
// landing page) do not load the validator at all.
z.config({ customError: () => messages.badRequest });
