import path from 'node:path';
import { COMBINER_PATH } from '../../core/seal/capsule-format.ts';

/** combine-kits.py sits beside the capsule's open.html (CAPSULE_PAGE), both put there by npm run build:capsule. */
export const capsuleCombinerPath = (capsulePagePath: string) => path.join(path.dirname(capsulePagePath), COMBINER_PATH);
