const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * `date` (in this device's time zone) as day, long month name and year in `language`: "5 tháng 3, 2025",
 * "5 March 2025", as vi-VN and en-GB write them. Written out rather than through `Intl.DateTimeFormat`: the first
 * such format a page makes loads the locale's calendar data (70 ms on a phone, inside the page's start), and the
 * server's renderer and the browser then agree on the text whatever their ICU versions.
 */
export function longDate(language: string, date: Date): string {
  const day = date.getDate();
  const year = date.getFullYear();
  if (language === 'en') return `${day} ${EN_MONTHS[date.getMonth()]} ${year}`;
  return `${day} tháng ${date.getMonth() + 1}, ${year}`;
}

/** `date`'s month and year in `language`, as vi-VN and en-GB write them: "tháng 3 năm 2025", "March 2025". */
export function monthYear(language: string, date: Date): string {
  const year = date.getFullYear();
  if (language === 'en') return `${EN_MONTHS[date.getMonth()]} ${year}`;
  return `tháng ${date.getMonth() + 1} năm ${year}`;
}
