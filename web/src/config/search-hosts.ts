// The template search's hosts from /runtime-config.json, kept for the search page (which loads later, in
// its own chunk) without passing the whole configuration through the app.
import type { SearchHost } from './runtime-config';

let hosts: readonly SearchHost[] = [];

/** Called once at start, with runtime-config.json's `searchHosts`. */
export function configureSearchHosts(configured: readonly SearchHost[]): void {
  hosts = configured;
}

export function searchHosts(): SearchHost[] {
  return hosts.map((host) => ({ ...host }));
}
