// Stands in for the packages only the kit's audio/video room imports (@tencentcloud/tuiroom-engine-js,
// trtc-cloud-js-sdk, svgaplayerweb): tuikit-atomicx-react's room and call views name them, a chat never runs them
// (decision 0044). Reading a member (an enum value at module load) gives another stand-in that turns into its own path
// as a string; calling or constructing one throws, so a chat path that did reach the room would fail the test loudly.
function standIn(path: string): object {
  const fail = (): never => {
    throw new Error(`${path}: the audio/video room is not part of Parley (decision 0044)`);
  };
  return new Proxy(fail, {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive || key === 'toString') return () => path;
      if (key === 'then' || typeof key === 'symbol') return undefined;
      return standIn(`${path}.${key}`);
    },
    apply: fail,
    construct: fail,
  });
}

const room = standIn('TUIRoomEngine');
export default room;
export const TRTCCloud = standIn('TRTCCloud');
export const TRTCMediaMixingEvent = standIn('TRTCMediaMixingEvent');
export const TRTCMediaSourceType = standIn('TRTCMediaSourceType');
export const TRTCVideoFillMode = standIn('TRTCVideoFillMode');
export const TRTCVideoMirrorType = standIn('TRTCVideoMirrorType');
export const TRTCVideoResolution = standIn('TRTCVideoResolution');
export const TRTCVideoResolutionMode = standIn('TRTCVideoResolutionMode');
export const TRTCVideoRotation = standIn('TRTCVideoRotation');
export const TRTCVideoStreamType = standIn('TRTCVideoStreamType');
export const TUIAudioRoute = standIn('TUIAudioRoute');
export const TUIBattleStoppedReason = standIn('TUIBattleStoppedReason');
export const TUIConferenceCancelReason = standIn('TUIConferenceCancelReason');
export const TUIConferenceInvitationManagerEvents = standIn('TUIConferenceInvitationManagerEvents');
export const TUIConferenceListManagerEvents = standIn('TUIConferenceListManagerEvents');
export const TUIConferenceStatus = standIn('TUIConferenceStatus');
export const TUIConnectionCode = standIn('TUIConnectionCode');
export const TUIDeviceStatus = standIn('TUIDeviceStatus');
export const TUIErrorCode = standIn('TUIErrorCode');
export const TUIInvitationCode = standIn('TUIInvitationCode');
export const TUIInvitationRejectedReason = standIn('TUIInvitationRejectedReason');
export const TUIInvitationStatus = standIn('TUIInvitationStatus');
export const TUIKickedOutOfRoomReason = standIn('TUIKickedOutOfRoomReason');
export const TUILiveBattleManagerEvents = standIn('TUILiveBattleManagerEvents');
export const TUILiveConnectionManagerEvents = standIn('TUILiveConnectionManagerEvents');
export const TUILiveGiftManagerEvents = standIn('TUILiveGiftManagerEvents');
export const TUILiveLayoutManagerEvents = standIn('TUILiveLayoutManagerEvents');
export const TUILiveListManagerEvents = standIn('TUILiveListManagerEvents');
export const TUILiveModifyFlag = standIn('TUILiveModifyFlag');
export const TUIMediaDevice = standIn('TUIMediaDevice');
export const TUIMediaDeviceState = standIn('TUIMediaDeviceState');
export const TUIMediaDeviceType = standIn('TUIMediaDeviceType');
export const TUIMoveSeatPolicy = standIn('TUIMoveSeatPolicy');
export const TUINetworkQuality = standIn('TUINetworkQuality');
export const TUIRequestAction = standIn('TUIRequestAction');
export const TUIRequestCallbackType = standIn('TUIRequestCallbackType');
export const TUIResolutionMode = standIn('TUIResolutionMode');
export const TUIRole = standIn('TUIRole');
export const TUIRoomDeviceMangerEvents = standIn('TUIRoomDeviceMangerEvents');
export const TUIRoomEvents = standIn('TUIRoomEvents');
export const TUIRoomType = standIn('TUIRoomType');
export const TUISeatMode = standIn('TUISeatMode');
export const TUIVideoQuality = standIn('TUIVideoQuality');
export const TUIVideoStreamType = standIn('TUIVideoStreamType');
