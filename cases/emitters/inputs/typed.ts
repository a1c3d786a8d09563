// Input of the tsc --generateTrace case.
interface Word { text: string }
export function lengths(words: Word[]): number[] { return words.map((w) => w.text.length); }
console.log(lengths([{ text: "trace" }, { text: "check" }]));
