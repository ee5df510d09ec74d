import { describe, expect, it } from "vitest";
import { MAX_SEARCH_WORDS, searchWords, wordStem, wordsNeeded } from "./plant-search.server";

describe("searchWords", () => {
  it("splits at spaces, punctuation and emoji, drops the nukta, keeps at most 8 words", () => {
    expect(searchWords("Tulsi (Holy Basil)")).toEqual(["Tulsi", "Holy", "Basil"]);
    expect(searchWords("हवा साफ़")).toEqual(["हवा", "साफ"]);
    expect(searchWords("🌵 cactus🌵")).toEqual(["cactus"]);
    expect(searchWords("🌵")).toEqual([]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe("wordStem", () => {
  it("drops a Hindi or Kannada word's last vowel sign, so other forms match as a word start", () => {
    expect(wordStem("वाले")).toBe("वाल");
    expect(wordStem("पौधे")).toBe("पौध");
    expect(wordStem("पौधों")).toBe("पौध");
    expect(wordStem("ಬೆಳಕು")).toBe("ಬೆಳಕ");
    expect(wordStem("करने")).toBe("करन");
  });

  it("keeps short words, words without a final vowel sign and other scripts", () => {
    expect(wordStem("साफ")).toBe("साफ");
    expect(wordStem("पे")).toBe("पे");
    expect(wordStem("tulsi")).toBe("tulsi");
  });
});

describe("wordsNeeded", () => {
  it("asks for every word of one or two, all but one of more", () => {
    expect([1, 2, 3, 4, 8].map(wordsNeeded)).toEqual([1, 2, 2, 3, 7]);
  });
});
