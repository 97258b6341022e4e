/** The response of a static JSON metadata file: indented for people reading it, ending in a newline. */
export function jsonFileResponse(body: unknown, type = 'application/json'): Response {
  return new Response(`${JSON.stringify(body, null, 2)}\n`, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
}
