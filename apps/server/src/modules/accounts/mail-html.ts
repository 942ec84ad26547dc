const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The HTML page of an account mail: each paragraph escaped, a link drawn as a link. */
export function mailHtml(paragraphs: readonly (string | { href: string; label: string })[]): string {
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a><br>${escapeHtml(p.href)}</p>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="it">
<body style="font-family: sans-serif; line-height: 1.5">
${body}
</body>
</html>
`;
}
