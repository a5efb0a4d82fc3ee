import type { locationZh, voiceZh } from './voice-zh.ts';

/** English texts of voice and location messages (decisions 0033, 0034). */
export const voiceEn: { [K in keyof typeof voiceZh]: string } = {
  record: 'Voice',
  recordLabel: 'Record a voice message',
  holdToTalk: 'Hold to talk',
  recording: 'Recording {{elapsed}} / {{limit}}',
  hintClick: 'Click again to send, Esc to cancel',
  hintHold: 'Release to send, slide up to cancel',
  releaseToCancel: 'Release to cancel',
  send: 'Send voice message',
  cancel: 'Cancel',
  cancelled: 'Recording cancelled',
  tooShort: 'The recording is too short',
  limitReached: 'Reached the {{limit}} s limit; the voice message was sent',
  noMicrophone: 'No microphone was found. Connect one and try again',
  denied: 'Microphone access was denied. Allow the microphone in the browser settings',
  unsupported: 'This browser cannot record audio',
  failed: 'Recording failed, please try again',
  duration: 'Voice message, {{second}} s',
};

export const locationEn: { [K in keyof typeof locationZh]: string } = {
  button: 'Location',
  title: 'Send a location',
  useCurrent: 'Use my location',
  locating: 'Locating…',
  latitude: 'Latitude',
  longitude: 'Longitude',
  description: 'Description',
  descriptionPlaceholder: 'e.g. office address',
  send: 'Send',
  cancel: 'Cancel',
  latitudeInvalid: 'Latitude must be a number from -90 to 90',
  longitudeInvalid: 'Longitude must be a number from -180 to 180',
  descriptionTooLong: 'The description may be at most {{max}} characters',
  geoDenied: 'Location access was denied; enter the coordinates instead',
  geoUnavailable: 'Could not get your location; enter the coordinates instead',
  geoUnsupported: 'This browser cannot locate you; enter the coordinates instead',
  card: 'Location: {{description}}, latitude {{lat}}, longitude {{lng}}',
  openMap: 'Show on map',
};
