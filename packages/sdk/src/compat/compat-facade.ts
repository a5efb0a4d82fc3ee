import { defineFeature } from '../feature/feature.ts';
import { installNotYet } from './not-yet.ts';

/**
 * Drop-in compatibility (reference §8, §13): once every feature's methods are on the prototype, a not-yet stub for
 * each reference method still missing (`complete`). A feature that builds a stubbed method declares it and the stub
 * is no longer installed. (Signalling, with getSignalingInfo and its listeners, is the calls feature's.)
 */
export const compatFeature = defineFeature({
  name: 'compat',
  create: (host) => host.sdk,
  methods: {},
  complete: installNotYet,
});
