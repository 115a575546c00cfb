/** `--name value` pairs after a command word; `--flag` alone means "true". */
export function parseArgs(argv: string[]): { command: string | undefined; options: Record<string, string> } {
  const [command, ...rest] = argv;
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) options[arg.slice(2, eq)] = arg.slice(eq + 1);
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) options[arg.slice(2)] = rest[++i];
    else options[arg.slice(2)] = 'true';
  }
  return { command, options };
}
