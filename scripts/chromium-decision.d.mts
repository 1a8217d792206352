export declare const DEFAULT_CHROMIUM: string;
export declare const INSTALL_COMMANDS: string[][];
export type ChromiumDecision =
  { action: 'ready'; path: string } | { action: 'install'; path: string; commands: string[][] } | { action: 'stop'; message: string };
export declare function decideChromium(facts: {
  chromiumPath: string | undefined;
  exists: (path: string) => boolean;
  isRoot: boolean;
  hasApt: boolean;
}): ChromiumDecision;
export declare function afterInstall(facts: { exists: (path: string) => boolean; installed: boolean }): ChromiumDecision;
