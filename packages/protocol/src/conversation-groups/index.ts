/** Conversation groups and conversation custom data (decision 0049, rules CGRP1–CGRP30). */
export * from './schemas.ts';
