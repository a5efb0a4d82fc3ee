import { defineFeature } from '../feature/feature.ts';
import { installNotYet } from './not-yet.ts';
import { signalingHelpers } from './signaling-info.ts';

/**
 * Drop-in compatibility (reference §8, §13): the signalling helpers that already work, then, once every feature's
 * methods are on the prototype, a not-yet stub for each reference method still missing (`complete`). A feature that
 * builds a stubbed method declares it and the stub is no longer installed; a signalling feature that brings its own
 * helpers takes them out of here (the registry allows one declaration per method).
 */
export const compatFeature = defineFeature({
  name: 'compat',
  // The helpers keep their listeners per ChatSDK instance, so they run with the instance as `this`.
  create: (host) => host.sdk,
  methods: signalingHelpers,
  complete: installNotYet,
});
