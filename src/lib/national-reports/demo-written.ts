/**
 * The demo reports a few countries wrote in their own language (decision 075): the Compare screen
 * shows answers in Thai, Vietnamese, Japanese, Dari, Chinese and Russian as countries of the region
 * write them. Demonstration texts, not what any government reported; marked as demo like every
 * demo report. `npm start` only (src/lib/national-reports/seed.server.ts).
 */

interface WrittenDemo {
  /** The language tag of src/lib/i18n/written-languages.ts. */
  lang: string;
  title: (year: number) => string;
  summary: string;
  /** Three narrative answers, one chosen per question. */
  narratives: readonly string[];
}

const DEMO_WRITTEN: Readonly<Record<string, WrittenDemo>> = {
  TH: {
    lang: 'th',
    title: (year) => `ประเทศไทย: รายงานระดับชาติว่าด้วยวาระการพัฒนาเมืองใหม่ ${year}`,
    summary:
      'รายงานสาธิตฉบับนี้แสดงให้เห็นว่าประเทศไทยติดตามวาระการพัฒนาเมืองใหม่อย่างไร: ที่อยู่อาศัยและบริการพื้นฐาน ' +
      'เศรษฐกิจเมือง ความยืดหยุ่น ธรรมาภิบาล การวางแผน และวิธีการดำเนินงาน',
    narratives: [
      'ประเทศไทยดำเนินการเรื่องนี้ผ่านโครงการระดับชาติร่วมกับรัฐบาลท้องถิ่นของเมืองต่าง ๆ และทบทวนผลทุกสองปี',
      'ในประเทศไทย ความรับผิดชอบแบ่งกันระหว่างกระทรวงระดับชาติและองค์กรปกครองส่วนท้องถิ่น ' +
        'โดยมีคณะกรรมการประสานงานประชุมทุกไตรมาส',
      'ประเทศไทยได้ทดลองแนวทางนี้ในเมืองใหญ่ที่สุด และกำลังขยายไปยังเมืองรอง',
    ],
  },
  VN: {
    lang: 'vi',
    title: (year) => `Việt Nam: Báo cáo quốc gia về Chương trình Nghị sự Đô thị Mới ${year}`,
    summary:
      'Báo cáo minh họa này cho thấy Việt Nam theo dõi việc thực hiện Chương trình Nghị sự Đô thị Mới như thế nào: ' +
      'nhà ở và dịch vụ cơ bản, kinh tế đô thị, khả năng chống chịu, quản trị, quy hoạch và các phương tiện thực hiện.',
    narratives: [
      'Việt Nam thực hiện việc này thông qua các chương trình quốc gia phối hợp với chính quyền các thành phố, ' +
        'được rà soát hai năm một lần.',
      'Tại Việt Nam, trách nhiệm được phân chia giữa bộ ngành trung ương và chính quyền địa phương, ' +
        'với một ủy ban điều phối họp hằng quý.',
      'Việt Nam đã thí điểm cách tiếp cận này tại các thành phố lớn nhất và đang mở rộng sang các đô thị loại hai.',
    ],
  },
  JP: {
    lang: 'ja',
    title: (year) => `日本：ニュー・アーバン・アジェンダに関する国別報告書 ${year}`,
    summary:
      'この実演用の報告書は、日本がニュー・アーバン・アジェンダをどのようにフォローアップしているかを示す。' +
      '住宅と基本サービス、都市経済、強靱性、ガバナンス、計画、実施手段。',
    narratives: [
      '日本は、市の行政と連携した国の事業を通じてこれに取り組んでおり、2年ごとに見直しを行っている。',
      '日本では、国の省庁と地方自治体が責任を分担し、調整委員会が四半期ごとに開催されている。',
      '日本は最大規模の都市でこの手法を試行し、現在は地方の中核都市へ広げている。',
    ],
  },
  AF: {
    lang: 'fa-AF',
    title: (year) => `افغانستان: گزارش ملی دربارهٔ دستور کار جدید شهری ${year}`,
    summary:
      'این گزارش نمایشی نشان می‌دهد که افغانستان دستور کار جدید شهری را چگونه پیگیری می‌کند: مسکن و خدمات اساسی، ' +
      'اقتصاد شهری، تاب‌آوری، حکومتداری، برنامه‌ریزی و وسایل اجرا.',
    narratives: [
      'افغانستان این کار را از طریق برنامه‌های ملی با همکاری شهرداری‌ها پیش می‌برد ' +
        'و هر دو سال یک بار آن را بازنگری می‌کند.',
      'در افغانستان، مسئولیت‌ها میان وزارت مربوط و ادارات محلی تقسیم شده است و یک کمیتهٔ هماهنگی هر سه ماه یک بار ' +
        'تشکیل جلسه می‌دهد.',
      'افغانستان این رویکرد را نخست در بزرگ‌ترین شهرهای خود آزموده و اکنون آن را به شهرهای درجه دوم گسترش می‌دهد.',
    ],
  },
  CN: {
    lang: 'zh-Hans',
    title: (year) => `中国：新城市议程国家报告 ${year}`,
    summary: '本示范报告展示中国如何落实新城市议程：住房和基本服务、城市经济、韧性、治理、规划以及执行手段。',
    narratives: [
      '中国通过与城市政府合作实施的国家计划推进这项工作，每两年评估一次。',
      '在中国，国家部委与地方政府分担职责，协调委员会每季度召开一次会议。',
      '中国已在最大的城市试点这一做法，正在向二线城市推广。',
    ],
  },
  KZ: {
    lang: 'ru',
    title: (year) => `Казахстан: национальный доклад о Новой программе развития городов, ${year}`,
    summary:
      'Этот демонстрационный доклад показывает, как Казахстан выполняет Новую программу развития городов: жилье и ' +
      'базовые услуги, городская экономика, устойчивость, управление, планирование и средства осуществления.',
    narratives: [
      'Казахстан осуществляет эту работу через национальные программы совместно с городскими акиматами; ' +
        'их итоги пересматриваются раз в два года.',
      'В Казахстане ответственность разделена между профильным министерством и местными исполнительными органами; ' +
        'координационный совет собирается ежеквартально.',
      'Казахстан опробовал этот подход в крупнейших городах и распространяет его на города второго уровня.',
    ],
  },
};

/** The report's title, summary and language: the country's own where the demo writes in it, else English. */
export function demoReportTexts(code: string, countryName: string, year: number) {
  const own = DEMO_WRITTEN[code];
  if (own) return { title: own.title(year), executiveSummary: own.summary, writtenIn: own.lang };
  return {
    title: `${countryName}: national report on the New Urban Agenda ${year}`,
    executiveSummary:
      `This demonstration report shows how ${countryName} follows up the New Urban Agenda: ` +
      `housing and basic services, urban economy, resilience, governance, planning and the means of ` +
      `implementation.`,
    // The demonstration texts are written in English, and say so (decision 048).
    writtenIn: 'en',
  };
}

/** A stable choice of one of the three narratives for a question and cycle. */
const pick = (questionCode: string, year: number) =>
  [...questionCode].reduce((sum, ch) => sum + ch.charCodeAt(0), year) % 3;

/**
 * A demo answer with its narrative in the country's language, where the demo writes in it: a text
 * answer's value, and a description that is not a link.
 */
export function writtenDemoAnswer<A extends { value: unknown; text: string | null }>(
  code: string,
  q: { code: string; answer_type: string },
  year: number,
  answer: A,
): A {
  const own = DEMO_WRITTEN[code];
  if (!own) return answer;
  const narrative = own.narratives[pick(q.code, year)]!;
  const isLink = (text: string | null) => text !== null && /^https?:/.test(text);
  return {
    ...answer,
    value: q.answer_type === 'txt' ? narrative : answer.value,
    text: answer.text !== null && !isLink(answer.text) ? own.narratives[(pick(q.code, year) + 1) % 3]! : answer.text,
  };
}
