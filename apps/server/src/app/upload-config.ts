import { DEFAULT_UPLOAD_LIMITS } from '@parley/protocol';
import type { UploadQuota } from '../domain/uploads/quota.ts';
import type { UploadLimits } from '../domain/uploads/upload.ts';

type IntVar = (name: string, fallback: number, min: number, max: number) => number;

const MB = 1024 * 1024;

/**
 * Upload limits per kind (decision 0016; README lists them): PARLEY_UPLOAD_IMAGE_MB, _VIDEO_MB, _AUDIO_MB,
 * _FILE_MB and PARLEY_UPLOAD_IMAGE_MEGAPIXELS.
 */
export function loadUploadLimits(intVar: IntVar): UploadLimits {
  const mb = (name: string, fallback: number) => intVar(name, fallback / MB, 1, 100_000) * MB;
  return {
    image: mb('PARLEY_UPLOAD_IMAGE_MB', DEFAULT_UPLOAD_LIMITS.image),
    video: mb('PARLEY_UPLOAD_VIDEO_MB', DEFAULT_UPLOAD_LIMITS.video),
    audio: mb('PARLEY_UPLOAD_AUDIO_MB', DEFAULT_UPLOAD_LIMITS.audio),
    file: mb('PARLEY_UPLOAD_FILE_MB', DEFAULT_UPLOAD_LIMITS.file),
    imagePixels: intVar('PARLEY_UPLOAD_IMAGE_MEGAPIXELS', DEFAULT_UPLOAD_LIMITS.imagePixels / 1e6, 1, 1000) * 1e6,
  };
}

/**
 * Per-user upload limits (ABU5, ABU6, ABU9; README and docs/SECURITY.md list them): PARLEY_UPLOAD_QUOTA_MB (bytes a
 * user keeps stored, 0: none), PARLEY_UPLOAD_RATE_PER_MINUTE (uploads started, 0: no limit) and
 * PARLEY_UPLOAD_SWEEP_AFTER_S (age at which an upload no message refers to is deleted, 0: never).
 */
export function loadUploadQuota(intVar: IntVar): UploadQuota {
  return {
    bytesPerUser: intVar('PARLEY_UPLOAD_QUOTA_MB', 2048, 0, 100_000_000) * MB,
    perMinute: intVar('PARLEY_UPLOAD_RATE_PER_MINUTE', 30, 0, 100_000),
    sweepAfterMs: intVar('PARLEY_UPLOAD_SWEEP_AFTER_S', 604_800, 0, 315_360_000) * 1000,
  };
}

export type UploadStoreKind = 'auto' | 'disk' | 'pg';

/**
 * PARLEY_UPLOAD_STORE (decision 0052): `auto` (default), `disk` or `pg`. `s3` is refused with its reason: the
 * S3-compatible adapter needs `@aws-sdk/client-s3`, which this build does not carry (UPL30).
 */
export function loadUploadStore(
  env: Record<string, string | undefined>,
  fail: (name: string, problem: string) => Error,
): UploadStoreKind {
  const raw = (env.PARLEY_UPLOAD_STORE ?? '').trim() || 'auto';
  if (raw === 'auto' || raw === 'disk' || raw === 'pg') return raw;
  if (raw === 's3') {
    throw fail('PARLEY_UPLOAD_STORE', 's3 is not available in this build (no S3 client is installed); use pg or disk');
  }
  throw fail('PARLEY_UPLOAD_STORE', `expected auto, disk or pg, got "${raw}"`);
}
