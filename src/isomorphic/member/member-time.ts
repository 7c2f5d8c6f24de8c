/**
 * Member-service times shown in Oslo time (docs/member.md): an instant with an offset ('…Z',
 * '…+01:00') is converted to Oslo wall-clock time; a time without offset is taken as the
 * cinema's own (Oslo) wall-clock time, as the platform writes its showtimes.
 */
import { formatDay, parseLocalDateTime, type LocalDateTime } from "../oslo-date.js";
import { toOsloLocal } from "../time/oslo.js";

const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

export function osloLocalOf(value: string | null): LocalDateTime | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (WITH_OFFSET.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? null : parseLocalDateTime(toOsloLocal(ms));
  }
  return parseLocalDateTime(trimmed);
}

/** 'fredag 28. november kl. 19:00' (with the year when it is not `currentYear`). */
export function formatMemberTime(value: string | null, currentYear?: string): string | null {
  const parts = memberTimeParts(value, currentYear);
  if (!parts) return null;
  return parts.clock ? `${parts.day} kl. ${parts.clock}` : parts.day;
}

/** The day ('fredag 28. november') and the clock time ('19:00', or null for a date). */
export function memberTimeParts(
  value: string | null,
  currentYear?: string,
): { day: string; clock: string | null } | null {
  const local = osloLocalOf(value);
  if (!local) return null;
  const day = formatDay(local.date, { withYear: currentYear !== undefined && local.date.slice(0, 4) !== currentYear });
  return { day, clock: local.time || null };
}

/** The ISO value for a <time dateTime>: 'YYYY-MM-DDTHH:mm' or the date. */
export function dateTimeAttribute(value: string | null): string | undefined {
  const local = osloLocalOf(value);
  if (!local) return undefined;
  return local.time ? `${local.date}T${local.time}` : local.date;
}
