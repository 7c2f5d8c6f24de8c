const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Oslo",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/**
 * '2026-11-20T09:00:00+01:00': an instant as Oslo wall-clock time with its offset, the form
 * meta.json's capturedAt has in the embedded snapshots, whatever the machine's time zone.
 */
export function formatOsloIso(date: Date): string {
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  const p = Object.fromEntries(parts.formatToParts(new Date(seconds)).map((part) => [part.type, part.value]));
  const wall = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
