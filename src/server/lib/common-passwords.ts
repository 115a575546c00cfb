// The most used passwords of at least 8 characters from public breach lists; refused outright.
const LIST = `password password1 password123 password12 passw0rd p@ssword p@ssw0rd 12345678 123456789 1234567890
12345678910 87654321 11111111 00000000 88888888 qwertyui qwertyuiop qwerty123 qwerty12 1qaz2wsx 1q2w3e4r
1q2w3e4r5t zaq12wsx iloveyou iloveyou1 princess sunshine football football1 baseball welcome1 welcome123
whatever superman trustno1 starwars computer michelle jennifer corvette mercedes maverick internet
changeme changeme1 letmein1 letmein123 admin123 administrator abc12345 abcd1234 abcdefgh 123123123
123qweasd qweasdzxc asdfghjkl asdfasdf zxcvbnm1 zxcvbnmm monkey123 dragon123 shadow123 master123
michael1 jordan23 liverpool chelsea1 arsenal1 manchester 1234qwer qwer1234 test1234 testtest
secret123 password! passwort printing print123 welcomewelcome summer2024 summer2025 summer2026
winter2024 winter2025 winter2026 spring2025 autumn2025 london123 england1 unitedkingdom`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
