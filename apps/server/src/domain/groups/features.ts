/** Group abilities a deployment may turn off (PARLEY_GROUP_READ_RECEIPTS); off, their calls answer 10062 (GRP15). */
export interface GroupFeatures {
  readReceipts: boolean;
}
