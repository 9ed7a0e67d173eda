/**
 * Saves a CSV the server wrote for Excel as a file named `name`. The byte order mark a text read drops is put
 * back, so Excel reads the Vietnamese text as UTF-8.
 */
export function saveCsv(text: string, name: string) {
  const body = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
