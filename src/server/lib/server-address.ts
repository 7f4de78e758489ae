/** host:port/path of a URL, without user or password; a socket folder given as `?host=` stands for the host. */
export function serverAddress(url: string, defaultPort: number | undefined): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    const port = u.port || (defaultPort ? String(defaultPort) : '');
    return `${host}${port ? `:${port}` : ''}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return '(an address that is not a URL)';
  }
}
