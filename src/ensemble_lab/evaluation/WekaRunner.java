import java.io.BufferedReader;
import java.io.FileReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

import weka.classifiers.Classifier;
import weka.core.AdditionalMeasureProducer;
import weka.core.Instances;
import weka.core.Utils;

/**
 * Runs Weka classifiers on given cross-validation folds, for ensemble_lab.evaluation.weka.
 *
 * Reads jobs from standard input, one per line, tab-separated:
 *   ARFF file, fold file (the test fold of each instance, one integer per line, -1 for
 *   an instance used in no fold), repetitions, classifier class name, options.
 * Each fold trains on the instances of the other folds, in file order, and predicts its
 * own. Prints, for each job, "job N", then per fold "fold F cpu_build_ns cpu_test_ns
 * leaves" (the CPU time of the last repetition; leaves -1 where the classifier does not
 * report them) and one line "pred ROW CLASS_INDEX" per test instance, and finally "end".
 *
 * Repetitions written "W:R" run the whole cross-validation W times unreported (the JIT
 * compiles the classifier's code on every fold's data), then R times timed: the fold
 * lines give each fold's least thread CPU time over the R passes, and a line "passes
 * R process_ns" the CPU time of the whole JVM (every thread: garbage collection and the
 * JIT compiler included) over the R timed passes together.
 */
public class WekaRunner {

  public static void main(String[] args) throws Exception {
    BufferedReader jobs = new BufferedReader(new java.io.InputStreamReader(System.in));
    String line;
    int job = 0;
    while ((line = jobs.readLine()) != null) {
      if (line.trim().isEmpty()) {
        continue;
      }
      String[] parts = line.split("\t", -1);
      Instances data = new Instances(new BufferedReader(new FileReader(parts[0])));
      data.setClassIndex(data.numAttributes() - 1);
      int[] fold = readFolds(parts[1], data.numInstances());
      String[] options = parts.length > 4 ? Utils.splitOptions(parts[4]) : new String[0];
      StringBuilder out = new StringBuilder("job " + job++ + "\n");
      if (parts[2].contains(":")) {
        String[] wr = parts[2].split(":");
        passes(data, fold, Integer.parseInt(wr[0]), Integer.parseInt(wr[1]), parts[3], options,
            out);
      } else {
        perFold(data, fold, Integer.parseInt(parts[2]), parts[3], options, out);
      }
      out.append("end\n");
      System.out.print(out);
      System.out.flush();
    }
  }

  private static int numFolds(int[] fold) {
    int nFolds = 0;
    for (int f : fold) {
      nFolds = Math.max(nFolds, f + 1);
    }
    return nFolds;
  }

  private static Instances training(Instances data, int[] fold, int f, List<Integer> test) {
    Instances train = new Instances(data, 0);
    for (int i = 0; i < fold.length; i++) {
      if (fold[i] == f) {
        test.add(i);
      } else if (fold[i] >= 0) {
        train.add(data.instance(i));
      }
    }
    return train;
  }

  /** W unreported passes over all folds, then R timed ones (see the class comment). */
  private static void passes(Instances data, int[] fold, int warmup, int timed, String name,
      String[] options, StringBuilder out) throws Exception {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    int nFolds = numFolds(fold);
    List<Instances> trains = new ArrayList<Instances>();
    List<List<Integer>> tests = new ArrayList<List<Integer>>();
    for (int f = 0; f < nFolds; f++) {
      List<Integer> test = new ArrayList<Integer>();
      trains.add(training(data, fold, f, test));
      tests.add(test);
    }
    long[] build = new long[nFolds], predict = new long[nFolds];
    java.util.Arrays.fill(build, Long.MAX_VALUE);
    java.util.Arrays.fill(predict, Long.MAX_VALUE);
    double[][] predicted = new double[nFolds][];
    Classifier[] models = new Classifier[nFolds];
    long process = 0;
    for (int pass = 0; pass < warmup + timed; pass++) {
      long p0 = os.getProcessCpuTime();
      for (int f = 0; f < nFolds; f++) {
        List<Integer> test = tests.get(f);
        predicted[f] = new double[test.size()];
        models[f] = Classifier.forName(name, options.clone());
        long t0 = bean.getCurrentThreadCpuTime();
        models[f].buildClassifier(trains.get(f));
        long t1 = bean.getCurrentThreadCpuTime();
        for (int k = 0; k < predicted[f].length; k++) {
          predicted[f][k] = models[f].classifyInstance(data.instance(test.get(k)));
        }
        long t2 = bean.getCurrentThreadCpuTime();
        if (pass >= warmup) {
          build[f] = Math.min(build[f], t1 - t0);
          predict[f] = Math.min(predict[f], t2 - t1);
        }
      }
      if (pass >= warmup) {
        process += os.getProcessCpuTime() - p0;
      }
    }
    for (int f = 0; f < nFolds; f++) {
      out.append("fold " + f + " " + build[f] + " " + predict[f] + " " + leaves(models[f]) + "\n");
      for (int k = 0; k < predicted[f].length; k++) {
        out.append("pred " + tests.get(f).get(k) + " " + (int) predicted[f][k] + "\n");
      }
    }
    out.append("passes " + timed + " " + process + "\n");
  }

  /** Each fold fitted ``repetitions`` times in a row, the last one timed. */
  private static void perFold(Instances data, int[] fold, int repetitions, String name,
      String[] options, StringBuilder out) throws Exception {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    int nFolds = numFolds(fold);
    for (int f = 0; f < nFolds; f++) {
      List<Integer> test = new ArrayList<Integer>();
      Instances train = training(data, fold, f, test);
      long build = 0, predict = 0;
      double[] predicted = new double[test.size()];
      Classifier model = null;
      for (int r = 0; r < repetitions; r++) {
        model = Classifier.forName(name, options.clone());
        long t0 = bean.getCurrentThreadCpuTime();
        model.buildClassifier(train);
        long t1 = bean.getCurrentThreadCpuTime();
        for (int k = 0; k < predicted.length; k++) {
          predicted[k] = model.classifyInstance(data.instance(test.get(k)));
        }
        long t2 = bean.getCurrentThreadCpuTime();
        build = t1 - t0;
        predict = t2 - t1;
      }
      out.append("fold " + f + " " + build + " " + predict + " " + leaves(model) + "\n");
      for (int k = 0; k < predicted.length; k++) {
        out.append("pred " + test.get(k) + " " + (int) predicted[k] + "\n");
      }
    }
  }

  private static int[] readFolds(String path, int n) throws Exception {
    BufferedReader reader = new BufferedReader(new FileReader(path));
    int[] fold = new int[n];
    for (int i = 0; i < n; i++) {
      fold[i] = Integer.parseInt(reader.readLine().trim());
    }
    reader.close();
    return fold;
  }

  private static long leaves(Classifier model) {
    if (model instanceof AdditionalMeasureProducer) {
      Enumeration<?> names = ((AdditionalMeasureProducer) model).enumerateMeasures();
      while (names.hasMoreElements()) {
        if ("measureNumLeaves".equals(names.nextElement())) {
          return Math.round(((AdditionalMeasureProducer) model).getMeasure("measureNumLeaves"));
        }
      }
    }
    return -1;
  }
}
