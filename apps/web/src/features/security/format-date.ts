const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

const format = (formatter: Intl.DateTimeFormat, iso: string): string => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatter.format(time);
};

export const formatDateTime = (iso: string): string => format(dateTime, iso);
/** The journal orders events within a minute too: seconds are shown. */
export const formatDateTimeSeconds = (iso: string): string => format(dateTimeSeconds, iso);
