/** Saves `text` as a file named `name` (of `type`) through a temporary link. */
export function saveFile(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Saves a CSV the server wrote for Excel as a file named `name`. The byte order mark a text read drops is put
 * back, so Excel reads Vietnamese text as UTF-8.
 */
export function saveCsv(text: string, name: string) {
  saveFile(text.startsWith('\uFEFF') ? text : `\uFEFF${text}`, name, 'text/csv;charset=utf-8');
}
