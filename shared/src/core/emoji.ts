/**
 * The emoji table: 167 codes in five packs, each written `[b12]` in text.
 * The pictures are our choice, not the original site's: icons of the MIT-licensed Fluent Emoji
 * Flat set (`@iconify-json/fluent-emoji-flat`), extracted at build time by `shared/build/emoji.mjs`
 * into `shared/dist/emoji/<code>.svg`, which the server serves at `/assets/emoji/`.
 * Pure data and helpers: no DOM, safe for the server.
 */
import { EMOJI_PACKS, type EmojiPackCode } from './constants';

export interface Emoji {
  /** Pack letter + number, without brackets: 'b12'. */
  code: string;
  pack: EmojiPackCode;
  num: number;
  /** Icon name in the fluent-emoji-flat iconify set. */
  icon: string;
  /** Short Chinese text for alt and title, unique within the table. */
  alt: string;
}

/** Where the server serves the extracted pictures. */
export const EMOJI_BASE_URL = '/assets/emoji/';

// One row per pack, in number order from the pack's first number: 'icon alt' pairs.
const PICTURES: Record<EmojiPackCode, string> = {
  // 校巴 1-54: faces and expressions
  b: `slightly-smiling-face 微笑|grinning-face 咧嘴笑|grinning-face-with-big-eyes 大笑|grinning-squinting-face 眯眼笑|
face-with-tears-of-joy 笑哭|rolling-on-the-floor-laughing 笑翻了|beaming-face-with-smiling-eyes 开心|smiling-face-with-smiling-eyes 害羞|
smiling-face-with-halo 天使|smiling-face-with-heart-eyes 花痴|smiling-face-with-hearts 喜欢|star-struck 崇拜|
face-blowing-a-kiss 飞吻|kissing-face 亲亲|face-savoring-food 好吃|face-with-tongue 吐舌头|
winking-face 眨眼|winking-face-with-tongue 调皮|zany-face 疯狂|smiling-face-with-sunglasses 酷|
nerd-face 学霸|thinking-face 思考|face-with-raised-eyebrow 怀疑|face-with-monocle 观察|
neutral-face 无语|expressionless-face 面无表情|unamused-face 不屑|face-with-rolling-eyes 白眼|
grimacing-face 尴尬|smirking-face 坏笑|relieved-face 放松|pensive-face 失落|
sleepy-face 困|sleeping-face 睡觉|yawning-face 打哈欠|drooling-face 流口水|
face-with-medical-mask 口罩|face-with-thermometer 生病|face-with-spiral-eyes 晕|exploding-head 崩溃|
hot-face 好热|cold-face 好冷|worried-face 担心|slightly-frowning-face 不开心|
astonished-face 惊讶|flushed-face 脸红|pleading-face 可怜|crying-face 哭|
loudly-crying-face 大哭|face-screaming-in-fear 惊恐|downcast-face-with-sweat 流汗|angry-face 生气|
pouting-face 愤怒|face-with-symbols-on-mouth 骂人`,
  // 摩尔 55-92: animals
  m: `cat-face 小猫|dog-face 小狗|mouse-face 老鼠|hamster 仓鼠|rabbit-face 兔子|fox 狐狸|bear 熊|panda 熊猫|
koala 考拉|tiger-face 老虎|lion 狮子|cow-face 奶牛|pig-face 小猪|frog 青蛙|monkey-face 猴子|front-facing-baby-chick 小鸡|
penguin 企鹅|bird 小鸟|owl 猫头鹰|duck 鸭子|horse-face 小马|unicorn 独角兽|honeybee 蜜蜂|butterfly 蝴蝶|
snail 蜗牛|lady-beetle 瓢虫|turtle 乌龟|snake 蛇|octopus 章鱼|tropical-fish 热带鱼|dolphin 海豚|spouting-whale 鲸鱼|
elephant 大象|giraffe 长颈鹿|hedgehog 刺猬|sloth 树懒|paw-prints 爪印|dragon-face 龙`,
  // 赛尔 93-122: space, robots, science
  s: `rocket 火箭|robot 机器人|alien 外星人|alien-monster 小怪兽|flying-saucer 飞碟|astronaut 宇航员|
ringed-planet 土星|milky-way 银河|shooting-star 流星|comet 彗星|crescent-moon 月亮|sun-with-face 太阳|
glowing-star 星星|satellite 卫星|satellite-antenna 天线|telescope 望远镜|microscope 显微镜|test-tube 试管|
alembic 烧瓶|dna 基因|atom-symbol 原子|magnet 磁铁|light-bulb 灯泡|high-voltage 闪电|
battery 电池|gear 齿轮|mechanical-arm 机械臂|laptop 电脑|joystick 游戏杆|globe-showing-asia-australia 地球`,
  // 花花 123-143: flowers and plants
  f: `rose 玫瑰|tulip 郁金香|sunflower 向日葵|cherry-blossom 樱花|hibiscus 扶桑花|blossom 小花|bouquet 花束|
lotus 荷花|hyacinth 风信子|white-flower 白花|wilted-flower 枯萎|seedling 嫩芽|herb 小草|four-leaf-clover 四叶草|
maple-leaf 枫叶|fallen-leaf 落叶|potted-plant 盆栽|cactus 仙人掌|palm-tree 椰子树|deciduous-tree 大树|evergreen-tree 松树`,
  // 功夫 144-167: martial arts, sports, action
  k: `oncoming-fist 拳头|martial-arts-uniform 道服|boxing-glove 拳击|person-fencing 击剑|ninja 忍者|crossed-swords 双剑|
dagger 匕首|bow-and-arrow 弓箭|shield 盾牌|flexed-biceps 肌肉|collision 爆炸|person-cartwheeling 侧手翻|
person-lifting-weights 举重|person-running 跑步|soccer-ball 足球|basketball 篮球|ping-pong 乒乓球|badminton 羽毛球|
1st-place-medal 金牌|trophy 奖杯|raised-fist 加油|fire 火焰|person-wrestling 摔跤|dashing-away 冲刺`,
};

export const EMOJI: ReadonlyArray<Emoji> = EMOJI_PACKS.flatMap((pack) =>
  PICTURES[pack.code].split('|').map((pair, i) => {
    const [icon = '', alt = ''] = pair.trim().split(' ');
    const num = pack.first + i;
    return { code: `${pack.code}${num}`, pack: pack.code, num, icon, alt };
  }),
);

const BY_CODE: ReadonlyMap<string, Emoji> = new Map(EMOJI.map((e) => [e.code, e]));

/** Strips the brackets of a written code: '[b12]' -> 'b12'. */
function bare(code: string): string {
  return code.startsWith('[') && code.endsWith(']') ? code.slice(1, -1) : code;
}

/**
 * The emoji of a code ('b12' or '[b12]'), or undefined when the pack is unknown or the number is
 * outside that pack's range ('b60', 'x12', 'b012').
 */
export function emojiByCode(code: string): Emoji | undefined {
  return BY_CODE.get(bare(code));
}

/** URL of a code's picture: '/assets/emoji/b12.svg'. */
export function emojiUrl(code: string): string {
  return `${EMOJI_BASE_URL}${bare(code)}.svg`;
}

/** The written form of an emoji: emojiCode('b', 12) -> '[b12]'. */
export function emojiCode(pack: EmojiPackCode, num: number): string {
  return `[${pack}${num}]`;
}
