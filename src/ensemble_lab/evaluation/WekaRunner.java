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
 */
public class WekaRunner {

  public static void main(String[] args) throws Exception {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
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
      int repetitions = Integer.parseInt(parts[2]);
      String[] options = parts.length > 4 ? Utils.splitOptions(parts[4]) : new String[0];
      int nFolds = 0;
      for (int f : fold) {
        nFolds = Math.max(nFolds, f + 1);
      }
      StringBuilder out = new StringBuilder("job " + job++ + "\n");
      for (int f = 0; f < nFolds; f++) {
        Instances train = new Instances(data, 0);
        List<Integer> test = new ArrayList<Integer>();
        for (int i = 0; i < fold.length; i++) {
          if (fold[i] == f) {
            test.add(i);
          } else if (fold[i] >= 0) {
            train.add(data.instance(i));
          }
        }
        long build = 0, predict = 0;
        double[] predicted = new double[test.size()];
        Classifier model = null;
        for (int r = 0; r < repetitions; r++) {
          model = Classifier.forName(parts[3], options.clone());
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
      out.append("end\n");
      System.out.print(out);
      System.out.flush();
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
