/**
 * The file name a `Content-Disposition: attachment` header offers (RFC 6266): the UTF-8
 * `filename*` form wins over the plain `filename`. Any folder part is dropped so a hostile or
 * mistaken header cannot suggest a path; an empty result means "no name".
 */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended !== undefined) {
    const decoded = safeDecode(extended.trim());
    if (decoded !== undefined) return baseName(decoded);
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return baseName(quoted.replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  return bare === undefined ? undefined : baseName(bare);
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function baseName(name: string): string | undefined {
  const last = name.split(/[\\/]/).pop()?.trim() ?? '';
  return last === '' || last === '.' || last === '..' ? undefined : last;
}
