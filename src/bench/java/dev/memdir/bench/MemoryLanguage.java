package dev.memdir.bench;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of generated memories and of the questions asked of them, in one language: sentences of fact and
 * questions with {@code {slot}} holes, and the words each slot takes (people, projects, tools, hobbies, places,
 * bugs and their fixes), so that questions and memories share subjects without sharing sentences.
 */
record MemoryLanguage(Map<String, List<String>> slots, List<String> facts, List<String> questions,
        String sentenceGap) {

    private static final Pattern SLOT = Pattern.compile("\\{(\\w+)}");
    private static final List<String> TOOLS = List.of("PostgreSQL", "Redis", "Kafka", "Terraform", "Gradle", "Maven",
            "Docker", "Kubernetes", "GitHub Actions", "Grafana", "Sentry", "SQLite", "React", "pytest", "JUnit");
    private static final List<String> COMMANDS = List.of("`mvn -B verify`", "`npm test`", "`make lint`",
            "`scripts/check`", "`cargo test`", "`go vet ./...`", "`./gradlew build`");
    private static final List<String> HOSTS = List.of("db.staging.internal:5432", "cache.staging.internal:6379",
            "10.0.4.12", "queue.staging.internal:9092", "build-2.internal", "s3://team-staging");
    private static final List<String> NUMBERS = List.of("3", "7", "14", "30", "45", "90");

    static final MemoryLanguage ENGLISH = new MemoryLanguage(Map.ofEntries(
            Map.entry("person", List.of("Alice", "Bob", "Priya", "Chen Wei", "Marta", "Kenji", "Olu", "Sofia",
                    "Dmitri", "Hannah", "Yusuf", "Lena", "Tom", "Amara", "Ravi", "Ines")),
            Map.entry("project", List.of("the billing service", "the mobile app", "the data pipeline",
                    "the search page", "the onboarding flow", "the analytics dashboard", "the payments API",
                    "the docs site", "the CLI", "the recommendation engine", "the auth gateway",
                    "the nightly report")),
            Map.entry("tool", TOOLS),
            Map.entry("activity", List.of("pottery", "climbing", "piano", "Spanish", "yoga", "swimming",
                    "photography", "salsa", "chess", "woodworking", "ceramics", "running")),
            Map.entry("month", List.of("January", "February", "March", "April", "May", "June", "July", "August",
                    "September", "October", "November", "December")),
            Map.entry("city", List.of("Berlin", "Lisbon", "Toronto", "Singapore", "Austin", "Melbourne", "Shenzhen",
                    "Hangzhou", "Nairobi", "Oslo")),
            Map.entry("food", List.of("peanuts", "shellfish", "gluten", "dairy", "eggs", "sesame")),
            Map.entry("service", List.of("database", "cache", "message queue", "object store", "build server",
                    "metrics stack")),
            Map.entry("symptom", List.of("the page times out", "memory climbs until the pod restarts",
                    "duplicate rows appear", "logins fail", "the export comes out empty", "the tests hang")),
            Map.entry("condition", List.of("two writers race", "the cache is cold", "the token expires",
                    "a file is larger than 1 MiB", "the network drops", "daylight saving starts")),
            Map.entry("fix", List.of("a retry with backoff", "an index on the user id", "pinning the driver version",
                    "a lock around the write", "a longer timeout", "batching the inserts")),
            Map.entry("reason", List.of("it was cheaper to run", "the team already knew it",
                    "the old one lost data twice", "it halved the latency", "support ended for the old version")),
            Map.entry("task", List.of("code review", "writing tests", "deploys", "note taking", "planning",
                    "debugging")),
            Map.entry("weekday", List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")),
            Map.entry("command", COMMANDS), Map.entry("host", HOSTS), Map.entry("n", NUMBERS)),
            List.of("{person} prefers {tool} for {task}.",
                    "We moved {project} to {tool} in {month} because {reason}.",
                    "{person} signed up for a {activity} class in {month}.",
                    "{person} has {activity} lessons on {weekday} evenings.",
                    "The next release of {project} is due in {month}; {person} owns the checklist.",
                    "Run {command} before every commit, or the build fails.",
                    "{person} is allergic to {food}, so pick restaurants with other options.",
                    "The staging {service} for {project} is at {host}.",
                    "{person} moved to {city} in {month} and works remotely on {weekday}s.",
                    "Bug in {project}: {symptom} when {condition}. Fixed by {fix}.",
                    "{person} asked for shorter answers that lead with the command.",
                    "Do not mock the {service} in the tests of {project}: a mocked one hid a broken migration.",
                    "{project} keeps {n} days of backups in the {service}.",
                    "{person} reviews changes to {project}; ask before touching its {service}.",
                    "Decided: {project} stays on {tool}, because {reason}.",
                    "{person} does {activity} in {city} when visiting.",
                    "The on-call rotation for {project} changes every {weekday}.",
                    "{person} wants a short status note on {project} every {weekday} morning."),
            List.of("when did {person} start the {activity} class", "what does {person} use for {task}",
                    "why did we move {project} to {tool}", "where is the staging {service} for {project}",
                    "what is {person} allergic to", "when is the next release of {project}",
                    "how did we fix {project} when {condition}", "where does {person} live now",
                    "what must run before a commit in {project}", "who reviews changes to {project}",
                    "how long are {project} backups kept", "{project} {symptom}",
                    "does {person} have a hobby on {weekday}", "what did we decide about {tool} for {project}",
                    "who is on call for {project} this {weekday}"),
            " ");

    static final MemoryLanguage CHINESE = new MemoryLanguage(Map.ofEntries(
            Map.entry("person", List.of("小王", "李娜", "张伟", "陈静", "刘洋", "赵磊", "王芳", "周杰", "吴敏", "孙悦")),
            Map.entry("project", List.of("计费服务", "移动应用", "数据管道", "搜索页面", "新手引导", "分析看板", "支付接口",
                    "文档网站", "命令行工具", "推荐系统")),
            Map.entry("tool", TOOLS),
            Map.entry("activity", List.of("陶艺", "攀岩", "钢琴", "西班牙语", "瑜伽", "游泳", "摄影", "书法", "围棋", "木工")),
            Map.entry("month", List.of("一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月",
                    "十二月")),
            Map.entry("city", List.of("北京", "上海", "深圳", "杭州", "成都", "广州", "南京", "西安")),
            Map.entry("food", List.of("花生", "海鲜", "牛奶", "鸡蛋", "芝麻", "麸质")),
            Map.entry("service", List.of("数据库", "缓存", "消息队列", "对象存储", "构建服务器", "监控系统")),
            Map.entry("symptom", List.of("页面超时", "内存持续上涨直到重启", "出现重复记录", "登录失败", "导出的文件是空的",
                    "测试卡住")),
            Map.entry("condition", List.of("两个写入者竞争", "缓存为空", "令牌过期", "文件超过 1 MiB", "网络中断")),
            Map.entry("fix", List.of("加上指数退避重试", "给用户 ID 加索引", "固定驱动版本", "写入时加锁", "延长超时时间",
                    "批量插入")),
            Map.entry("reason", List.of("运行成本更低", "团队已经熟悉它", "旧方案丢过两次数据", "延迟减半了", "旧版本停止支持了")),
            Map.entry("task", List.of("代码评审", "写测试", "部署", "记笔记", "做计划", "调试")),
            Map.entry("weekday", List.of("周一", "周二", "周三", "周四", "周五")),
            Map.entry("command", COMMANDS), Map.entry("host", HOSTS), Map.entry("n", NUMBERS)),
            List.of("{person}更喜欢用 {tool} 来{task}。",
                    "我们在{month}把{project}迁移到了 {tool}，因为{reason}。",
                    "{person}{month}报名了{activity}课。",
                    "{person}每{weekday}晚上上{activity}课。",
                    "{project}的下一个版本计划在{month}发布，{person}负责检查清单。",
                    "每次提交前先运行 {command}，否则构建会失败。",
                    "{person}对{food}过敏，选餐厅时要注意。",
                    "{project}的预发布{service}地址是 {host}。",
                    "{person}{month}搬到了{city}，{weekday}远程办公。",
                    "{project}的缺陷：{condition}时{symptom}，通过{fix}解决了。",
                    "{person}希望回答更简短，先给出命令。",
                    "测试{project}时不要模拟{service}：模拟的{service}曾经掩盖了一次失败的迁移。",
                    "{project}在{service}里保留{n}天的备份。",
                    "{project}的改动由{person}评审，动它的{service}之前先问一下。",
                    "决定：{project}继续使用 {tool}，因为{reason}。",
                    "{person}去{city}的时候喜欢{activity}。"),
            List.of("{person}什么时候开始上{activity}课", "{person}{task}用什么工具", "为什么把{project}迁移到 {tool}",
                    "{project}的预发布{service}在哪里", "{person}对什么过敏", "{project}下个版本什么时候发布",
                    "{project}{symptom}是怎么解决的", "{person}现在住在哪里", "谁评审{project}的改动",
                    "{project}的备份保留多久", "{person}{weekday}有什么爱好"),
            "");

    /** {@code template} with each slot filled by one of its words, drawn from {@code random}. */
    String fill(String template, Random random) {
        Matcher slot = SLOT.matcher(template);
        StringBuilder filled = new StringBuilder();
        while (slot.find()) {
            List<String> words = slots.get(slot.group(1));
            if (words == null) {
                throw new IllegalStateException("no words for the slot " + slot.group() + " in " + template);
            }
            slot.appendReplacement(filled, Matcher.quoteReplacement(words.get(random.nextInt(words.size()))));
        }
        return slot.appendTail(filled).toString();
    }

    /** A fact or a question, drawn from {@code random}, filled. */
    String draw(List<String> templates, Random random) {
        return fill(templates.get(random.nextInt(templates.size())), random);
    }

    /** English seven times in ten, Chinese three times. */
    static MemoryLanguage draw(Random random) {
        return random.nextInt(10) < 7 ? ENGLISH : CHINESE;
    }
}
