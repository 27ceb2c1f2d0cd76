// What the consent page shows and how an app brands or replaces it (types only: the server's settings name them).

/** What the consent page shows (all plain text; the page escapes it). */
export interface ConsentView {
  clientName: string;
  clientId: string;
  /** The host the browser will be sent back to: what the user should recognise. */
  redirectHost: string;
  /** True when the redirect goes to this machine (any local program could be the client). */
  localRedirect: boolean;
  scopes: readonly string[];
  userName?: string;
  providerName: string;
  /** The hidden fields and buttons; a custom page must include them in a POST form to {@link ConsentView.action}. */
  formFieldsHtml: string;
  action: string;
}

/** Brand the consent page (title, logo, CSS) or replace it (`render` returns the whole HTML document). */
export interface ConsentBranding {
  title?: string;
  /** An https (or data:) image URL. */
  logoUrl?: string;
  /** Extra CSS, inlined in a `<style>` (no script runs on the page). */
  css?: string;
  render?: (view: ConsentView) => string;
}
