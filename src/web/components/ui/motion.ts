/**
 * Enter/leave timing for drawers and dialogs, from ANIMATION_MS in core (300 ms in, 200 ms out).
 * Put `motionStyle` on a Headless UI root and `motionClasses` on each element with `transition`.
 */
import type { CSSProperties } from 'react';
import { ANIMATION_MS } from '../../../core/constants.ts';

export const motionStyle = {
  '--motion-enter': `${ANIMATION_MS.enter}ms`,
  '--motion-leave': `${ANIMATION_MS.leave}ms`,
} as CSSProperties;

export const motionClasses =
  'transition ease-out duration-(--motion-enter) data-leave:ease-in data-leave:duration-(--motion-leave) motion-reduce:transition-none';
