/** Seconds since the epoch as the reader's local date and time. */
export const formatTime = (seconds: number): string => (seconds > 0 ? new Date(seconds * 1000).toLocaleString() : '—');
