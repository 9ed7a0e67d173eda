import { saveFile } from '@/lib/save-file';

/**
 * Saves a CSV the server wrote for Excel as a file named `name`. The byte order mark a text read drops is put
 * back, so Excel reads the Vietnamese text as UTF-8.
 */
export function saveCsv(text: string, name: string) {
  saveFile(text.startsWith('\uFEFF') ? text : `\uFEFF${text}`, name, 'text/csv;charset=utf-8');
}
