// Stands in for Tencent's tim-upload-plugin (decision 0044): registered through registerPlugin, which Parley keeps and never calls.
export default class StandIn {}
