// Routing is hash based: '#/collectors?x=1' is the route '/collectors?x=1'. The transport reads
// the route a call was made from and moves a lost session to /login.

export function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

export function navigateTo(route: string): void {
  window.location.hash = `#${route}`;
}
