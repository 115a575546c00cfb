/**
 * Lets the browser follow a download link itself (a signed one-minute link): it saves the file as
 * it arrives, with its own progress, and the page stays where it is (the answer is an attachment).
 */
export function followLink(url: string): void {
  window.location.assign(url);
}
