/** Where the provider sends the user back to: the portal's /external-auth on this origin (one sign-in, two apps). */
export function redirectUri(): string {
  return `${window.location.origin}/external-auth`;
}

/** The external login URL with the redirect URI (and a state to come back with). */
export function loginUrl(base: string): string {
  const url = new URL(base, window.location.origin);
  if (!url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', redirectUri());
  return url.toString();
}
