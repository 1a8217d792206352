export type DuplicateClass = 'css' | 'test' | 'wiring' | 'ddl' | 'fields' | 'logic';
export type RowSide = { file: string; from: number; to: number };
export declare function meaningfulLines(lines: string[]): string[];
export declare function isStylesheet(file: string): boolean;
export declare function isTest(file: string): boolean;
export declare function classifyPair(a: { file: string; lines: string[] }, b: { file: string; lines: string[] }): DuplicateClass;
export declare function parseRow(row: string): { a: RowSide; b: RowSide; shape: boolean; boilerplate: boolean } | undefined;
export declare function withoutStrings(line: string): string;
